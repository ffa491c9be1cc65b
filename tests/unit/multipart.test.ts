import { describe, expect, it } from "vitest";
import { detectImageType } from "~/lib/images";
import { MultipartError, multipartBoundary, readMultipart, readPartText } from "~/lib/multipart.server";
import { specificationRows } from "~/lib/specifications";

/** A form encoded the way the runtime (and a browser) encodes it. */
async function encode(form: FormData) {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { bytes: new Uint8Array(await request.arrayBuffer()), boundary: multipartBoundary(request.headers.get("Content-Type"))! };
}

/** The same bytes arriving in pieces of the given sizes (cycled). */
function streamOf(bytes: Uint8Array, sizes: number[]) {
  let offset = 0;
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      const size = sizes[i++ % sizes.length];
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

async function collect(body: ReadableStream<Uint8Array>, boundary: string, maxBytes = 10_000_000) {
  const parts: { name: string; filename: string | null; contentType: string | null; bytes: number[] }[] = [];
  for await (const part of readMultipart(body, boundary, { maxBytes })) {
    const bytes: number[] = [];
    for await (const chunk of part.chunks()) bytes.push(...chunk);
    parts.push({ name: part.name, filename: part.filename, contentType: part.contentType, bytes });
  }
  return parts;
}

describe("the streaming multipart reader", () => {
  // File content that looks like the start of a delimiter must survive every split.
  const tricky = new TextEncoder().encode("line one\r\n--not the boundary\r\n-\r\n--");
  const binary = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) % 256);

  it.each([[[1]], [[2, 3, 5]], [[7, 64, 1]], [[100_000]]])("reads fields and files whatever the chunk sizes (%j)", async (sizes) => {
    const form = new FormData();
    form.append("productName", "Brass valves ✓");
    form.append("empty", "");
    form.append("images", new File([tricky], "a.txt", { type: "text/plain" }));
    form.append("images", new File([binary], "b.bin", { type: "application/octet-stream" }));
    const { bytes, boundary } = await encode(form);
    const parts = await collect(streamOf(bytes, sizes), boundary);
    expect(parts.map((p) => [p.name, p.filename])).toEqual([
      ["productName", null],
      ["empty", null],
      ["images", "a.txt"],
      ["images", "b.bin"],
    ]);
    expect(new TextDecoder().decode(new Uint8Array(parts[0].bytes))).toBe("Brass valves ✓");
    expect(parts[1].bytes).toEqual([]);
    expect(parts[2].bytes).toEqual([...tricky]);
    expect(parts[2].contentType).toBe("text/plain");
    expect(parts[3].bytes).toEqual([...binary]);
  });

  it("skips what a caller leaves unread and still reads the parts after it", async () => {
    const form = new FormData();
    form.append("images", new File([binary], "skipped.bin"));
    form.append("after", "still here");
    const { bytes, boundary } = await encode(form);
    const seen: string[] = [];
    for await (const part of readMultipart(streamOf(bytes, [13]), boundary, { maxBytes: 1_000_000 })) {
      if (part.filename === null) seen.push(await readPartText(part, 100));
      else for await (const _chunk of part.chunks()) break;
    }
    expect(seen).toEqual(["still here"]);
  });

  it("refuses bodies past the limit while streaming, and malformed ones", async () => {
    const form = new FormData();
    form.append("images", new File([binary], "big.bin"));
    const { bytes, boundary } = await encode(form);
    await expect(collect(streamOf(bytes, [500]), boundary, 1000)).rejects.toMatchObject({ problem: "formTooLarge" });
    await expect(collect(streamOf(bytes.slice(0, bytes.length - 20), [500]), boundary)).rejects.toBeInstanceOf(MultipartError);
    await expect(collect(streamOf(new TextEncoder().encode("no boundary here at all"), [5]), boundary)).rejects.toMatchObject({
      problem: "badForm",
    });
    const noDisposition = new TextEncoder().encode(`--${boundary}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${boundary}--\r\n`);
    await expect(collect(streamOf(noDisposition, [10]), boundary)).rejects.toMatchObject({ problem: "badForm" });
  });

  it("finds the boundary only in multipart/form-data content types", () => {
    expect(multipartBoundary("multipart/form-data; boundary=abc123")).toBe("abc123");
    expect(multipartBoundary('multipart/form-data; boundary="with space"')).toBe("with space");
    expect(multipartBoundary("multipart/form-data")).toBeNull();
    expect(multipartBoundary("application/json")).toBeNull();
    expect(multipartBoundary(null)).toBeNull();
  });
});

describe("images by their magic bytes", () => {
  const bytes = (...values: (number | string)[]) =>
    new Uint8Array(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])));
  it.each([
    ["png", bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13)],
    ["jpg", bytes(0xff, 0xd8, 0xff, 0xe0)],
    ["gif", bytes("GIF89a")],
    ["gif", bytes("GIF87a")],
    ["webp", bytes("RIFF", 0, 0, 0, 0, "WEBP")],
  ])("knows %s", (type, data) => expect(detectImageType(data)).toBe(type));
  it.each([
    ["a PDF", bytes("%PDF-1.7")],
    ["an SVG", bytes("<svg xmlns=")],
    ["a RIFF that is not WebP", bytes("RIFF", 0, 0, 0, 0, "WAVE")],
    ["nothing", bytes()],
  ])("refuses %s", (_what, data) => expect(detectImageType(data)).toBeNull());
});

describe("specifications", () => {
  it("reads stored rows as rows, and anything else as the rows it holds, never throwing", () => {
    expect(
      specificationRows([
        { name: "Colour", value: "Red" },
        { name: "Size", value: "2" },
      ]),
    ).toEqual([
      { name: "Colour", value: "Red" },
      { name: "Size", value: "2" },
    ]);
    expect(specificationRows({ Colour: "Red", Sizes: [1, 2], Weight: 2.5, Empty: null })).toEqual([
      { name: "Colour", value: "Red" },
      { name: "Sizes", value: "[1,2]" },
      { name: "Weight", value: "2.5" },
      { name: "Empty", value: "" },
    ]);
    expect(specificationRows([null, "x", { name: "Only name" }])).toEqual([]);
    expect(specificationRows(null)).toEqual([]);
    expect(specificationRows("text")).toEqual([]);
  });
});
