/**
 * How long the editing pause after an upload lasts (document 1 §4 endOfPauseDate; "pause time for
 * editing shown in minutes"): `UPLOAD_PAUSE_MINUTES`, default 3. Until it ends the creditor may add
 * or delete attachments, change the delivery type or cancel; then document processing starts.
 */
export function uploadPauseMinutes(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.UPLOAD_PAUSE_MINUTES;
  if (raw === undefined || raw === '') return 3;
  const minutes = Number(raw);
  if (!Number.isFinite(minutes) || minutes < 0) throw new Error(`UPLOAD_PAUSE_MINUTES must be a number ≥ 0, not ${raw}`);
  return minutes;
}
