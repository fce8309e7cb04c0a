/** The chunks as UTF-8 text; the decoder drops a byte order mark, which JSON.parse would refuse. */
export async function textOf(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}
