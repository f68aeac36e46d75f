import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fieldError } from './errors.js';

export const ONE_FILE_ONLY = 'Bitte laden Sie genau eine Datei auf einmal hoch';

/** The parser's files limit (one file per upload route) said: a second file followed. */
function refuseMore(error: unknown): never {
  if ((error as { code?: string })?.code === 'FST_FILES_LIMIT') throw fieldError('file', ONE_FILE_ONLY);
  throw error;
}

/**
 * The one file of a multipart upload, and `end()`, to be awaited after the file was read
 * and before what it became is committed: it reads the rest of the request and refuses a
 * second file with a German 400, so an upload never stores the first file while a second one
 * is dropped without a word (decision 0504).
 */
export async function singleUpload(request: FastifyRequest): Promise<{
  file: MultipartFile | undefined;
  end: () => Promise<void>;
}> {
  const files = request.files();
  const first = await files.next().catch(refuseMore);
  return {
    file: first.done ? undefined : first.value,
    async end() {
      const next = await files.next().catch(refuseMore);
      if (!next.done) {
        next.value.file.resume();
        throw fieldError('file', ONE_FILE_ONLY);
      }
    },
  };
}
