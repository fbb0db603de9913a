/**
 * The page's state in its URL fragment, so that a link repeats a check: the input's text, its
 * name, the architecture picked and the seed, as JSON, compressed with the platform's
 * `CompressionStream('deflate-raw')` and written in base64url (`#z=...`). The fragment never
 * reaches a server, so a hosted page learns nothing of what is pasted into it. A browser without
 * `CompressionStream` writes the JSON uncompressed (`#j=...`); both forms are read back.
 */

/** What a link carries: everything a check depends on. */
export interface PlaygroundState {
  readonly text: string;
  readonly file: string;
  /** The architecture for a listing that names none, or null. */
  readonly architecture: string | null;
  /** The seed, or null for the input's own (else 1). */
  readonly seed: number | null;
}

/** The JSON in the fragment: short keys, since a link's length is the text's. */
interface StoredState {
  readonly t: string;
  readonly f: string;
  readonly a?: string;
  readonly s?: number;
}

const COMPRESSED = 'z=';
const PLAIN = 'j=';

/** Whether a fragment (with or without its `#`) holds a state, rather than an anchor into the report. */
export function isStateFragment(fragment: string): boolean {
  const body = fragment.replace(/^#/, '');
  return body.startsWith(COMPRESSED) || body.startsWith(PLAIN);
}

/** The fragment (without `#`) that carries `state`. */
export async function encodeState(state: PlaygroundState): Promise<string> {
  const stored: StoredState = { t: state.text, f: state.file, ...(state.architecture === null ? {} : { a: state.architecture }), ...(state.seed === null ? {} : { s: state.seed }) };
  const bytes = new TextEncoder().encode(JSON.stringify(stored));
  if (typeof CompressionStream === 'undefined') return `${PLAIN}${toBase64Url(bytes)}`;
  return `${COMPRESSED}${toBase64Url(await transform(bytes, new CompressionStream('deflate-raw')))}`;
}

/** The state a fragment carries (with or without its `#`), or null when it carries none or cannot be read. */
export async function decodeState(fragment: string): Promise<PlaygroundState | null> {
  const body = fragment.replace(/^#/, '');
  try {
    let bytes: Uint8Array<ArrayBuffer>;
    if (body.startsWith(COMPRESSED)) {
      bytes = await transform(fromBase64Url(body.slice(COMPRESSED.length)), new DecompressionStream('deflate-raw'));
    } else if (body.startsWith(PLAIN)) {
      bytes = fromBase64Url(body.slice(PLAIN.length));
    } else {
      return null;
    }
    return fromStored(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown);
  } catch {
    // A link cut short or edited by hand: no state, and the page says so.
    return null;
  }
}

/** A stored state checked field by field (a link is text anyone can write). */
function fromStored(value: unknown): PlaygroundState | null {
  if (typeof value !== 'object' || value === null) return null;
  const { t, f, a, s } = value as Record<string, unknown>;
  if (typeof t !== 'string' || typeof f !== 'string') return null;
  if (a !== undefined && typeof a !== 'string') return null;
  if (s !== undefined && !(typeof s === 'number' && Number.isSafeInteger(s) && s >= 0)) return null;
  return { text: t, file: f, architecture: a ?? null, seed: s ?? null };
}

/** Bytes through a compression or decompression stream. */
async function transform(bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream): Promise<Uint8Array<ArrayBuffer>> {
  const writer = stream.writable.getWriter();
  // Corrupt input fails the reading side below, which the caller catches; these promises fail alike and are not waited on.
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  return new Uint8Array(await new Response(stream.readable).arrayBuffer());
}

/** Base64url without padding (RFC 4648 §5): safe in a fragment as it is. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  // In slices: spreading a long array into one call passes the engine's argument limit.
  for (let offset = 0; offset < bytes.length; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of base64url text (padding optional). */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
