import { Link } from '@tanstack/react-router';
import { PageShell } from '../../../components/layout/page-shell';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../content.css';

export const POLICY_UPDATED = '1 June 2025';

/** /privacy-policy: a short, plain-language policy for a Ghanaian donation platform. */
export function PrivacyPolicyPage() {
  useDocumentTitle('Privacy policy');
  return (
    <PageShell className="container page page--narrow policy">
      <h1>Privacy policy</h1>
      <p className="lead">Last updated {POLICY_UPDATED}. This policy explains what Boafo collects, why, and the choices you have.</p>

      <h2>Who we are</h2>
      <p>
        Boafo is an online platform in Ghana for raising and giving money to medical emergencies and community causes. We process personal
        data in line with the Data Protection Act, 2012 (Act 843), and we are the data controller for the information described here.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account details</strong>: your name, email address and password (stored only as a secure hash).
        </li>
        <li>
          <strong>Profile details you choose to add</strong>: phone number, address, bio, occupation and pictures.
        </li>
        <li>
          <strong>Causes you create</strong>: the story, target amount, category, location and cover image. Causes are public once approved.
        </li>
        <li>
          <strong>Donations</strong>: the amount, the cause, the time, and the email and phone number used to pay. Card and mobile money
          details are entered with our payment partner and never reach Boafo.
        </li>
        <li>
          <strong>Payout details for organizers</strong>: bank or mobile money account details, used only to pay out funds raised.
        </li>
        <li>
          <strong>Newsletter</strong>: your email address, only if you subscribe.
        </li>
        <li>
          <strong>Technical data</strong>: basic server logs (IP address, browser, time) kept for security for up to 30 days.
        </li>
      </ul>

      <h2>Why we use it</h2>
      <ul>
        <li>To run your account, process donations and pay organizers.</li>
        <li>To review causes before they go live and to prevent fraud and misuse.</li>
        <li>To send receipts and notifications about causes you created or gave to.</li>
        <li>To send the newsletter, only with your consent. Every email has an unsubscribe link.</li>
        <li>To meet legal duties, such as keeping financial records and answering lawful requests from Ghanaian authorities.</li>
      </ul>

      <h2>Who we share it with</h2>
      <p>
        We do not sell your data. We share only what is needed with our payment partner (to take payments), our hosting provider (to run the
        service), and authorities where the law requires it. Organizers see donors’ names and amounts, except for donations made
        anonymously.
      </p>

      <h2>Data on your device</h2>
      <p>
        So Boafo works with a weak or no connection, the app saves causes you have browsed, your cart and your sign-in on your device.
        Signing out removes your sign-in. You can clear the rest by clearing this site’s data in your browser.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Account and profile data are kept while your account is open. Donation and payout records are kept for six years for accounting and
        tax purposes, then deleted or anonymised.
      </p>

      <h2>Your rights</h2>
      <p>
        You may ask for a copy of your data, ask us to correct or delete it, object to its use for the newsletter, or withdraw consent at
        any time. Write to <a href="mailto:privacy@boafo.africa">privacy@boafo.africa</a> and we will answer within 21 days. If you are not
        satisfied, you may complain to the Data Protection Commission of Ghana.
      </p>

      <h2>Security</h2>
      <p>
        Connections are encrypted, passwords are hashed, and staff access to personal data is limited to those who need it. No system is
        perfectly secure; we will tell you and the Data Protection Commission promptly if a breach affects you.
      </p>

      <h2>Changes</h2>
      <p>If we change this policy in a way that matters, we will tell you by email or in the app before the change applies.</p>

      <p>
        <Link to="/">Back to home</Link>
      </p>
    </PageShell>
  );
}
