import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/**
 * A local stand-in for an OpenAI-compatible chat endpoint (OpenAI, Ollama, vLLM, llama.cpp server),
 * so tests run the real AI SDK over HTTP with no network. It records every request (headers and the
 * JSON body the SDK sent, `response_format` included) and answers `POST /v1/chat/completions` with
 * the scripted answers in order:
 * - `json`: a chat completion whose message content is the value as JSON (what a model in JSON mode writes)
 * - `content`: a chat completion with this content as is (invalid JSON, prose, an empty string, ...)
 * - `status`: an error with this status and OpenAI's error body
 * - `hang`: no answer at all, until the client gives up or the stand-in stops
 * With nothing scripted it answers 500. Error answers carry `retry-after-ms: 10` (which the AI SDK
 * honours) so a test of the retry does not wait the SDK's 2 s back-off.
 */
export type LlmStandInAnswer =
  | { kind: 'json'; value: unknown }
  | { kind: 'content'; content: string }
  | { kind: 'status'; status: number; message?: string }
  | { kind: 'hang' };

export type RecordedLlmRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The request body parsed as JSON (null when it is not JSON). */
  body: { model?: string; messages?: { role: string; content: string }[]; response_format?: unknown; [key: string]: unknown } | null;
  /** The body as sent. */
  raw: string;
};

export async function startLlmStandIn() {
  const requests: RecordedLlmRequest[] = [];
  const script: LlmStandInAnswer[] = [];
  let completions = 0;

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const completion = (model: string, content: string) => {
    completions += 1;
    return {
      id: `chatcmpl-stand-in-${completions}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
    };
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: RecordedLlmRequest['body'] = null;
    try {
      body = JSON.parse(raw);
    } catch {
      body = null;
    }
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    requests.push({ method: req.method ?? '', path, headers: req.headers, body, raw });

    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      send(res, 404, { error: { message: `stand-in: no route ${req.method} ${path}`, type: 'invalid_request_error' } });
      return;
    }
    const answer = script.shift() ?? { kind: 'status', status: 500, message: 'stand-in: no answer scripted' };
    const model = body?.model ?? 'unknown';
    switch (answer.kind) {
      case 'json':
        send(res, 200, completion(model, JSON.stringify(answer.value)));
        return;
      case 'content':
        send(res, 200, completion(model, answer.content));
        return;
      case 'status':
        send(
          res,
          answer.status,
          { error: { message: answer.message ?? `stand-in error ${answer.status}`, type: 'server_error' } },
          { 'retry-after-ms': '10' },
        );
        return;
      case 'hang':
        // Held open; the client's abort (or stop) closes the socket.
        return;
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  let stopped = false;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (stopped) return resolve();
      stopped = true;
      server.closeAllConnections();
      server.close(() => resolve());
    });
  afterAll(stop);

  return {
    /** The base URL as LLM_BASE_URL takes it. */
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Queue answers for the next chat completion requests, in order. */
    answer: (...answers: LlmStandInAnswer[]) => {
      script.push(...answers);
    },
    /** Forget recorded requests and unused answers (between tests). */
    reset: () => {
      requests.length = 0;
      script.length = 0;
    },
    stop,
  };
}
