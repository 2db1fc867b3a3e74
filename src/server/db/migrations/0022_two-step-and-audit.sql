-- Trust for the people who hold the money (issue #33): sessions you can see and end, two-step
-- sign-in (TOTP), recovery codes, remembered devices, the hold after a payout details change, and
-- an append-only, hash-chained audit trail.

-- One row per signed-in device: the id is the refresh-token family of that sign-in. Access tokens
-- carry it (claim sid) and every authenticated request checks it here, so ending a session takes
-- effect at once on every process. verified_at: the last password or second step in this session
-- (money actions want one within 10 minutes).
CREATE TABLE "user_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "user_sessions_user_idx" ON "user_sessions" ("user_id", "last_used_at" DESC) WHERE "revoked_at" IS NULL;
--> statement-breakpoint
-- Sign-ins from before this migration keep working: each live refresh-token family becomes a session.
INSERT INTO "user_sessions" ("id", "user_id", "created_at", "last_used_at")
	SELECT "family_id", (array_agg("user_id"))[1], min("created_at"), max("created_at")
	FROM "refresh_tokens" WHERE "revoked_at" IS NULL AND "expires_at" > now()
	GROUP BY "family_id";
--> statement-breakpoint
-- TOTP: the base32 secret (enabled_at null while enrolment waits for its first code) and the last
-- time step accepted, so a code works once and never after a newer one.
CREATE TABLE "two_step" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_user_hash_idx" ON "recovery_codes" ("user_id", "code_hash");
--> statement-breakpoint
-- A sign-in whose password was right, waiting for its second step (single use, minutes).
CREATE TABLE "sign_in_challenges" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_challenges_expires_idx" ON "sign_in_challenges" ("expires_at");
--> statement-breakpoint
-- "Remember this device": no second step there for 30 days. session_id: the latest session it
-- signed in, so signing that session out forgets the device too.
CREATE TABLE "remembered_devices" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"session_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "remembered_devices_user_idx" ON "remembered_devices" ("user_id");
--> statement-breakpoint
-- Each change of payout details: before and after, the hold on withdrawals to the new destination,
-- and the undo link mailed to the organizer (its sha256 only).
CREATE TABLE "payout_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"before" jsonb,
	"after" jsonb,
	"hold_until" timestamp with time zone,
	"undo_token_hash" text NOT NULL,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_changes_undo_idx" ON "payout_changes" ("undo_token_hash");
--> statement-breakpoint
CREATE INDEX "payout_changes_user_idx" ON "payout_changes" ("user_id", "created_at" DESC);
--> statement-breakpoint
-- The audit trail. seq and the hashes are set by the insert trigger under an advisory lock, so the
-- chain has no gaps and no forks however many processes write. No foreign keys: a row outlives
-- whatever it names.
CREATE TABLE "audit_log" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"cause_id" uuid,
	"subject_user_id" uuid,
	"target_type" text,
	"target_id" text,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" ("actor_id", "seq" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" ("subject_user_id", "seq" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_cause_idx" ON "audit_log" ("cause_id", "seq" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" ("action", "seq" DESC);
--> statement-breakpoint
-- A row's hash covers every column and the previous row's hash. jsonb's text form is canonical and
-- the time is taken in microseconds since the epoch, so the text hashed does not depend on the
-- session's time zone or on how a value was written. The check (repositories/audit-log.ts) recomputes it.
CREATE FUNCTION boafo_audit_hash(a audit_log) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT encode(sha256(convert_to(jsonb_build_array(
		a.seq, a.prev_hash, floor(extract(epoch FROM a.at) * 1000000)::bigint, a.actor_id, a.action, a.cause_id,
		a.subject_user_id, a.target_type, a.target_id, a.ip, a.user_agent, a.before, a.after)::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE FUNCTION boafo_audit_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	last_seq bigint;
	last_hash text;
BEGIN
	-- One writer at a time, until its transaction ends: the next one then reads this row as the last.
	PERFORM pg_advisory_xact_lock(4207311902);
	SELECT seq, hash INTO last_seq, last_hash FROM audit_log ORDER BY seq DESC LIMIT 1;
	NEW.seq := coalesce(last_seq, 0) + 1;
	NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
	NEW.at := coalesce(NEW.at, now());
	NEW.hash := boafo_audit_hash(NEW);
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION boafo_audit_chain();
--> statement-breakpoint
CREATE FUNCTION boafo_audit_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION boafo_audit_refuse();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION boafo_audit_refuse();
