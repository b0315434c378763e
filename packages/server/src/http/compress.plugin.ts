import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text worth compressing: JSON, JavaScript, CSS, HTML, SVG, subtitles (VTT) and HLS playlists.
 * Video and audio (HLS segments, MP4 files) are already compressed: never touched.
 */
const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|vnd\.apple\.mpegurl|x-mpegurl)|image\/svg\+xml)|\+json/;

export function isCompressible(contentType: string): boolean {
  return !/^(video|audio)\//.test(contentType) && COMPRESSIBLE.test(contentType);
}

/**
 * Compresses responses by Accept-Encoding (brotli, else gzip) from about 1 KB. The built web
 * app is compressed once at build time and served as is (web.static.ts, preCompressed), which
 * this plugin recognises by its Content-Encoding and leaves alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    // Request bodies are never sent compressed to this API: no decompression hook on every call.
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: isCompressible,
  });
}
