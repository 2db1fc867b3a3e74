-- The sweeper looks for running monthly gifts (pending or active) that name a cause which no longer
-- takes donations, every minute. Stopped gifts pile up over the years; the running ones stay few.
-- This index holds only the running ones, in the order the sweeper takes them, so a sweep reads
-- those and never the stopped ones (payments/subscriptions.ts stopGiftsForEndedCauses).
CREATE INDEX "subscriptions_running_idx" ON "subscriptions" USING btree ("created_at","id") WHERE "status" IN ('pending', 'active');
