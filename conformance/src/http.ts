// The kit's transport (node:http, so a request can go without an Accept header), with the body
// also parsed, as the table's success cases read it.
import { type ConformanceRequest, senderFor } from '@error-contract/testing';
import type { ResponseSnapshot } from '@error-contract/testing';

export type SentRequest = ConformanceRequest;

export interface Received extends ResponseSnapshot {
  /** Parsed JSON body, or undefined when the body is empty or not JSON. */
  json: any;
}

function parsed(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends one request to `baseUrl` and reads the whole answer. Bounded by a 10 s timeout. */
export async function send(baseUrl: string, sent: SentRequest): Promise<Received> {
  const snapshot = await senderFor({ baseUrl, timeoutMs: 10_000 })(sent);
  return { ...snapshot, json: parsed(snapshot.text) };
}
