-- The channel the provider says the donor paid with (Paystack's data.channel), stored when the payment
-- succeeds. Its donations take the method it means (donations.payment_method, in the same UPDATE that
-- completes them, so the counters' trigger of 0008 sees one change), and the card hold follows that
-- method instead of the one picked on the form.
ALTER TABLE "payments" ADD COLUMN "channel" text;
--> statement-breakpoint
-- When someone last asked the provider about a payment: a verify of a checkout the provider calls
-- abandoned (not paid yet) asks again at most once every few seconds, whichever process serves it.
ALTER TABLE "payments" ADD COLUMN "provider_checked_at" timestamp with time zone;
