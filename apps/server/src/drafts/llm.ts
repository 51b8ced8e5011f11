// The optional LLM drafting engine (issue 18, "LLM engine"): any OpenAI-compatible endpoint through
// the Vercel AI SDK. The prompt and the output schema are pure (engine/prompt.ts); this file is the
// network edge: one call with a timeout and one retry, every failure turned into one LlmError, and
// draftWithFallback, which lets the built-in engine write the draft when the model does not.
import type { Env } from '../env.ts';
import { logger } from '../platform/logger.ts';
import { builtinDraft } from './engine/compose.ts';
import { buildDraftPrompt, type LlmDraftOutput, parseDraftOutput, toRawDraft, ZLlmDraftOutput } from './engine/prompt.ts';
import type { ComposeInput, RawDraft } from './engine/types.ts';

export type LlmConfig = {
  /** The OpenAI-compatible API root, e.g. http://localhost:11434/v1 (Ollama). */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer ...`; null for servers that take none (Ollama, llama.cpp). Never logged. */
  apiKey: string | null;
  /** The whole call, retry included. */
  timeoutMs: number;
};

/**
 * One retry, for a 5xx, a 429 or a dropped connection (the SDK decides what is retryable and honours
 * Retry-After). More would only delay the fallback: the built-in engine is always there.
 */
const LLM_MAX_RETRIES = 1;

/** The LLM engine's settings, or null when the operator has not configured one (both URL and model are needed). */
export function llmConfigFromEnv(env: Pick<Env, 'LLM_BASE_URL' | 'LLM_MODEL' | 'LLM_API_KEY' | 'LLM_TIMEOUT_MS'>): LlmConfig | null {
  if (!env.LLM_BASE_URL || !env.LLM_MODEL) return null;
  return {
    baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''),
    model: env.LLM_MODEL,
    apiKey: env.LLM_API_KEY ?? null,
    timeoutMs: env.LLM_TIMEOUT_MS,
  };
}

export type LlmFailure = 'timeout' | 'unreachable' | 'http_error' | 'invalid_output' | 'failed' | 'aborted';

/**
 * Why the model did not give a draft. The message is written for the user (it ends up in the draft's
 * reasons) and holds no mail, no key and no text from the endpoint's answer.
 */
export class LlmError extends Error {
  readonly failure: LlmFailure;
  readonly status: number | null;
  constructor(failure: LlmFailure, message: string, status: number | null = null) {
    super(message);
    this.name = 'LlmError';
    this.failure = failure;
    this.status = status;
  }
}

/** The AI SDK's functions and error classes, loaded by the first call (about 6 MB of heap a server without an LLM never needs). */
type AiSdk = typeof import('ai');

/** The SDK's error as an LlmError; the SDK's own (which carries the request body, i.e. the mail) is dropped. */
function toLlmError(
  { APICallError, JSONParseError, NoObjectGeneratedError, RetryError, TypeValidationError }: AiSdk,
  error: unknown,
  { timedOut, aborted, timeoutMs }: { timedOut: boolean; aborted: boolean; timeoutMs: number },
): LlmError {
  if (aborted) return new LlmError('aborted', 'the draft was cancelled');
  if (timedOut) return new LlmError('timeout', `it took longer than ${Math.round(timeoutMs / 1000)} s`);
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (NoObjectGeneratedError.isInstance(last) || JSONParseError.isInstance(last) || TypeValidationError.isInstance(last)) {
    return new LlmError('invalid_output', 'its answer was not a draft in the expected form');
  }
  if (APICallError.isInstance(last) && last.statusCode !== undefined) {
    return new LlmError('http_error', `the endpoint answered HTTP ${last.statusCode}`, last.statusCode);
  }
  if (APICallError.isInstance(last)) return new LlmError('unreachable', 'the endpoint could not be reached');
  return new LlmError('failed', 'the call failed');
}

/**
 * A draft written by the configured model: the gathered input as a prompt, the answer as structured
 * output (JSON schema in `response_format`, checked with zod), cited sources mapped back. Throws
 * LlmError on any failure.
 */
export async function draftWithLlm(input: ComposeInput, config: LlmConfig, { signal }: { signal?: AbortSignal } = {}): Promise<RawDraft> {
  const [{ createOpenAICompatible }, ai] = await Promise.all([import('@ai-sdk/openai-compatible'), import('ai')]);
  const { generateText, NoObjectGeneratedError, Output } = ai;
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: config.baseUrl,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    // The JSON schema goes in the request: OpenAI, Ollama (>= 0.5), vLLM and llama.cpp server hold the
    // model to it. A server that ignores it still has the fields spelled out in the system message.
    supportsStructuredOutputs: true,
  });
  const { system, prompt, sources } = buildDraftPrompt(input);
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const abortSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let output: LlmDraftOutput;
  try {
    const result = await generateText({
      model: provider.chatModel(config.model),
      system,
      prompt,
      output: Output.object({ schema: ZLlmDraftOutput, name: 'email_reply_draft' }),
      maxRetries: LLM_MAX_RETRIES,
      abortSignal,
    });
    output = result.output;
  } catch (error) {
    // A server that ignores the schema may still have written the object, fenced or wrapped in prose.
    const recovered = NoObjectGeneratedError.isInstance(error) && error.text ? parseDraftOutput(error.text) : null;
    if (!recovered)
      throw toLlmError(ai, error, { timedOut: timeout.aborted, aborted: signal?.aborted ?? false, timeoutMs: config.timeoutMs });
    output = recovered;
  }
  const draft = toRawDraft(output, sources, config.model, input.asks ?? []);
  if (!draft.body) throw new LlmError('invalid_output', 'its answer was an empty draft');
  return draft;
}

type FallbackLog = { warn: (fields: Record<string, unknown>, message: string) => void };

/**
 * The LLM's draft, or the built-in engine's when there is no LLM configured or it fails; a fallback
 * draft says why in its first reason. A cancelled call (the caller's signal) is not a failure: it
 * rethrows, and no draft is written.
 */
export async function draftWithFallback(
  input: ComposeInput,
  config: LlmConfig | null,
  { signal, log = logger }: { signal?: AbortSignal; log?: FallbackLog } = {},
): Promise<RawDraft> {
  if (!config) return builtinDraft(input);
  try {
    return await draftWithLlm(input, config, signal ? { signal } : {});
  } catch (error) {
    if (!(error instanceof LlmError) || error.failure === 'aborted') throw error;
    // What failed, never the mail, the key or the endpoint's URL (it may carry credentials).
    log.warn({ llmFailure: error.failure, status: error.status, model: config.model }, 'LLM draft failed; the built-in engine wrote it');
    const draft = builtinDraft(input);
    return { ...draft, reasons: [`The language model did not answer: ${error.message}; written by the built-in engine`, ...draft.reasons] };
  }
}
