/**
 * The one request an API operation page's code samples print (schema/generated/api-samples.ts),
 * as pipeline/kinds/api-operation/request.ts derives it from the operation. It travels in the
 * page JSON in place of the samples it prints, so it is plain JSON: the signature is computed
 * by the pipeline (with the demo key), not by whoever prints the samples.
 */
export interface SampleRequest {
  method: string;
  version: 'v1' | 'v2';
  url: string;
  headers: [string, string][];
  /** v2: JSON body text (exactly what is signed and sent). v1: form fields in order. */
  jsonBody?: string;
  formFields?: [string, string][];
  /** The body's value, for languages that build it from a structure. */
  payload?: Record<string, unknown>;
  signature?: string;
  /** Field / header names the generator added for authentication. */
  authNames: string[];
}
