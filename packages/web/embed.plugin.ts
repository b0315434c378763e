import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

const folder = (name: string) => fileURLToPath(new URL(`src/embed/${name}`, import.meta.url));

/**
 * The public embed player (src/embed), built on its own into `embed.html` and `assets/embed-*`:
 * as a second input of the page's build its modules would join the shared start-up chunk (and
 * load the back-office with it). Its styles are inlined; hls.js stays a chunk of its own, fetched
 * once the page knows there is something to play. The server serves embed.html at
 * /embed/{kind}/{token} (server src/embed).
 */
export function embedPage(): Plugin[] {
  return [embedPageBuild(), embedPageDev()];
}

/** The dev server answers /embed/{kind}/{token} with the page from source (the server does in production). */
function embedPageDev(): Plugin {
  return {
    name: 'regie-embed-page-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split('?')[0] ?? '';
        if (!/^\/embed\/[^/]+\/[^/]+$/.test(path)) {
          next();
          return;
        }
        readFile(folder('embed.html'), 'utf8')
          .then((template) =>
            server.transformIndexHtml(
              path,
              template
                .replace('<!--embed-style-->', '<link rel="stylesheet" href="/src/embed/embed.css" />')
                .replace('<!--embed-script-->', '<script type="module" src="/src/embed/main.ts"></script>'),
            ),
          )
          .then((html) => {
            response.setHeader('content-type', 'text/html; charset=utf-8');
            response.end(html);
          }, next);
      });
    },
  };
}

function embedPageBuild(): Plugin {
  return {
    name: 'regie-embed-page',
    apply: 'build',
    async generateBundle() {
      const bundle = await rolldown({ input: folder('main.ts'), platform: 'browser' });
      try {
        const { output } = await bundle.generate({
          format: 'es',
          minify: true,
          entryFileNames: 'assets/embed-[hash].js',
          chunkFileNames: 'assets/embed-[name]-[hash].js',
        });
        let entry = '';
        for (const file of output) {
          if (file.type === 'chunk') {
            if (file.isEntry) entry = file.fileName;
            this.emitFile({ type: 'asset', fileName: file.fileName, source: file.code });
          } else {
            this.emitFile({ type: 'asset', fileName: file.fileName, source: file.source });
          }
        }
        const css = await readFile(folder('embed.css'), 'utf8');
        const html = (await readFile(folder('embed.html'), 'utf8'))
          .replace('<!--embed-style-->', () => `<style>${css}</style>`)
          .replace('<!--embed-script-->', () => `<script type="module" src="/${entry}"></script>`);
        this.emitFile({ type: 'asset', fileName: 'embed.html', source: html });
      } finally {
        await bundle.close();
      }
    },
  };
}
