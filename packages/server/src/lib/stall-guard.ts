import { Transform } from 'node:stream';

/**
 * Passes a stream through and fails it when fewer than `minBytes` arrived in a whole
 * `windowMs`: an upload trickled at a byte every few seconds would otherwise hold an upload
 * slot and a database connection in an open transaction for as long as the client likes
 * (decision 0505). The error is the one `onStall` makes.
 */
export function stallGuard(windowMs: number, minBytes: number, onStall: () => Error): Transform {
  let inWindow = 0;
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      inWindow += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      clearInterval(timer);
      done();
    },
    destroy(error, done) {
      clearInterval(timer);
      done(error);
    },
  });
  const timer = setInterval(() => {
    if (inWindow < minBytes) guard.destroy(onStall());
    inWindow = 0;
  }, windowMs);
  timer.unref();
  return guard;
}
