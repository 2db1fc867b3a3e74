/** One cart line on the device (spec §3: one line per cause, donation_amount and quantity). */
export interface CartLine {
  /** The cause id: one line per cause. */
  id: string;
  cause_id: string;
  /** The server's line id once the server has answered with this line. */
  server_id?: string;
  title: string;
  category: string | null;
  image: string | null;
  /** Decimal string in GHS, e.g. "10.00". */
  donation_amount: string;
  quantity: number;
  /** False once the cause stops taking donations (from the server's answer). */
  accepts_donations?: boolean;
  /** When the line was first added (display order). */
  added_at?: number;
  updated_at: number;
  [field: string]: unknown;
}
