-- Treasurers: up to 3 registered users per cause who, once they accept, approve each withdrawal
-- by majority before it reaches the admins' payout queue. The approvals are kept (one decision per
-- treasurer per withdrawal) so the public ledger can say who approved a payout.
CREATE TABLE "cause_treasurers" (
	"cause_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "cause_treasurers_pk" PRIMARY KEY("cause_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "cause_treasurers" ADD CONSTRAINT "cause_treasurers_cause_id_causes_id_fk" FOREIGN KEY ("cause_id") REFERENCES "public"."causes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cause_treasurers" ADD CONSTRAINT "cause_treasurers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cause_treasurers_user_idx" ON "cause_treasurers" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "withdrawal_approvals" (
	"withdrawal_id" uuid NOT NULL,
	"treasurer_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawal_approvals" ADD CONSTRAINT "withdrawal_approvals_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_approvals" ADD CONSTRAINT "withdrawal_approvals_treasurer_id_users_id_fk" FOREIGN KEY ("treasurer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_approvals_withdrawal_treasurer_idx" ON "withdrawal_approvals" USING btree ("withdrawal_id","treasurer_id");
