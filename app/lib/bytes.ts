/** The chunks of a body, read one by one, as one array of `length` bytes. */
export function joinChunks(chunks: Uint8Array[], length = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0)) {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
