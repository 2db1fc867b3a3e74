/**
 * The sandbox's phone (issue #30): /sandbox/phone/{number} lists the mobile money prompts waiting
 * for that number, each with Approve and Decline, and the code a prompt expects (numbers ending
 * in 0), as the network's SMS would show it. Plain HTML and forms, no script; phone-sized.
 */
import { formatGhs } from '../../shared/money';
import { formatGhanaMobile } from '../../shared/phone';
import { escape, SANDBOX_STYLE } from './checkout-page';

export interface PhonePrompt {
  reference: string;
  amount: number;
  /** The code the prompt waits for instead of an approval. */
  otp: string | null;
}

export function phonePage(phone: string, prompts: PhonePrompt[]): string {
  const number = formatGhanaMobile(phone);
  const items = prompts
    .map((p) => {
      const action = `/sandbox/momo/${encodeURIComponent(p.reference)}/`;
      const amount = formatGhs(p.amount);
      const ask = p.otp
        ? `<p>SMS: your code to pay ${amount} to Boafo is <strong>${escape(p.otp)}</strong>. Type it in the app.</p>`
        : `<p>Boafo asks for <strong>${amount}</strong>. Approve?</p>`;
      return `<li class="prompt">
        ${ask}
        <form method="post" action="${escape(action)}" class="actions">
          ${p.otp ? '' : `<button class="pay" type="submit" name="outcome" value="approve">Approve ${amount}</button>`}
          <button type="submit" name="outcome" value="decline">Decline</button>
        </form>
        <p class="ref">Reference: ${escape(p.reference)}</p>
      </li>`;
    })
    .join('');
  const list = prompts.length
    ? `<ul aria-labelledby="prompts-heading">${items}</ul>`
    : '<p role="status">No prompts waiting. Give with this number in Boafo, then reload this page.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Test phone ${escape(number)} — Boafo</title>
<style>${SANDBOX_STYLE} li.prompt { display: block; } </style>
</head>
<body>
<main>
  <p class="banner" role="note">Test phone — no real money moves</p>
  <h1>${escape(number)}</h1>
  <h2 id="prompts-heading">Mobile money prompts</h2>
  ${list}
  <p><a class="link" href="">Reload</a></p>
</main>
</body>
</html>`;
}
