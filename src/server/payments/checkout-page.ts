/**
 * The sandbox's hosted checkout page: plain HTML with a form, no script, so the app's
 * CSP (script-src 'self', inline styles allowed) needs no exception. Works on a small
 * phone screen and with a keyboard or screen reader.
 */
import { formatGhs } from '../../shared/money';

export interface CheckoutPageInput {
  reference: string;
  amount: number;
  causes: { title: string; amount: number }[];
  /** Set once the tester paid or failed it: the page then only links back. */
  decided: string | null;
  /** The tester cancelled it before: like Paystack's abandoned checkout, it can still be paid. */
  cancelled?: boolean;
  statusUrl: string;
}

export const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const SANDBOX_STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #fffaf3; color: #1f1a17; line-height: 1.5; }
  main { max-width: 30rem; margin: 0 auto; padding: 1rem; }
  .banner { background: #fde68a; border: 2px dashed #92400e; border-radius: .5rem; padding: .75rem 1rem; font-weight: 700; }
  h1 { font-size: 1.5rem; margin: 1rem 0 .5rem; }
  h2 { font-size: 1rem; margin: .5rem 0; color: #5b5048; }
  ul { padding: 0; list-style: none; border-top: 1px solid #e7ded3; }
  li { display: flex; justify-content: space-between; gap: 1rem; padding: .5rem 0; border-bottom: 1px solid #e7ded3; }
  fieldset { border: 1px solid #d6cabb; border-radius: .5rem; margin: 1rem 0; padding: .5rem 1rem 1rem; }
  label { display: flex; align-items: center; gap: .5rem; min-height: 44px; }
  input[type=radio] { width: 1.25rem; height: 1.25rem; }
  .actions { display: grid; gap: .75rem; }
  button, .link { font: inherit; font-weight: 600; min-height: 48px; border-radius: .5rem; border: 2px solid #9c3d14; cursor: pointer; text-align: center; }
  button { background: #fff; color: #9c3d14; }
  button.pay { background: #9c3d14; color: #fff; }
  .link { display: inline-flex; align-items: center; justify-content: center; padding: 0 1rem; color: #fff; background: #9c3d14; text-decoration: none; }
  :focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
  .ref { font-size: .875rem; color: #5b5048; word-break: break-all; }
`;

export function checkoutPage(input: CheckoutPageInput): string {
  const total = formatGhs(input.amount);
  const lines = input.causes.map((c) => `<li><span>${escape(c.title)}</span><span>${formatGhs(c.amount)}</span></li>`).join('');
  const action = `/sandbox/checkout/${encodeURIComponent(input.reference)}/`;
  const body = input.decided
    ? `<p role="status">This test payment is already <strong>${escape(input.decided)}</strong>.</p>
       <p><a class="link" href="${escape(input.statusUrl)}">Back to Boafo</a></p>`
    : `${input.cancelled ? '<p role="status">You cancelled this test payment. Nothing was charged; you can still pay it.</p>' : ''}
      <form method="post" action="${escape(action)}">
        <fieldset>
          <legend>Pay with</legend>
          <label><input type="radio" name="method" value="card" checked> Card</label>
          <label><input type="radio" name="method" value="mobile_money"> Mobile money</label>
        </fieldset>
        <div class="actions">
          <button class="pay" type="submit" name="outcome" value="success">Pay ${total}</button>
          <button type="submit" name="outcome" value="failed">Fail</button>
          <button type="submit" name="outcome" value="abandoned">Cancel</button>
        </div>
      </form>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Test checkout — Boafo</title>
<style>${SANDBOX_STYLE}</style>
</head>
<body>
<main>
  <p class="banner" role="note">Test checkout — no real money moves</p>
  <h1>Pay ${total}</h1>
  <h2 id="causes-heading">For</h2>
  <ul aria-labelledby="causes-heading">${lines}</ul>
  ${body}
  <p class="ref">Reference: ${escape(input.reference)}</p>
</main>
</body>
</html>`;
}
