// The seller screens' chunks, fetched ahead of use: the build names them in index.html
// (scripts/screen-chunks-plugin.mjs) and each becomes a prefetch, which the browser downloads at
// its lowest priority into its cache without running it, so a screen opened later waits for no
// download and the page pays nothing to run screens that are never opened.

export function prefetchScreens(doc: Document = document): number {
  const names = doc.querySelector('meta[name="screen-chunks"]')?.getAttribute('content') ?? '';
  const files = names.split(' ').filter((f) => f.startsWith('/assets/'));
  for (const href of files) {
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.setAttribute('as', 'script');
    // module scripts are fetched in CORS mode: the prefetch matches it, so its copy is the one used
    link.crossOrigin = 'anonymous';
    link.href = href;
    doc.head.append(link);
  }
  return files.length;
}
