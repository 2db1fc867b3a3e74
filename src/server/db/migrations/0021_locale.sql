-- Every reader's language (issue #31). users.locale is the language a person chose (null = not chosen: their
-- requests' own language is used); payments.locale and newsletter_subscribers.locale are the language of the
-- request that started the gift or the subscription, so a guest's receipt and a subscriber's mail speak it.
-- Plain text, checked by the application (src/shared/i18n/locales.ts): a language added later needs no migration,
-- and a value the code no longer knows reads as English.
ALTER TABLE "users" ADD COLUMN "locale" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "locale" text;
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "locale" text;
