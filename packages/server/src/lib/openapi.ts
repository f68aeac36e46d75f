import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The request body of an upload route (`consumes: multipart/form-data`) as the document shows it. */
const UPLOAD_BODY = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'Die Datei' } },
};

/**
 * zod → OpenAPI, plus the upload routes: their multipart body is read by the handler, not
 * validated by a schema, so without this the document would not show that they take a file
 * (and clients, and the fuzzer of decision 0382, would not know).
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const consumes = (input.schema as { consumes?: string[] } | undefined)?.consumes;
  const schema = result.schema as Record<string, unknown>;
  if (consumes?.includes('multipart/form-data') && !schema.body) schema.body = UPLOAD_BODY;
  return result;
};
