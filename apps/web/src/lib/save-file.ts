/** Hands a downloaded file to the browser as a download: a temporary blob URL on a clicked link. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob once the click is handled; leave it a moment before letting it go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
