/** Hands a downloaded file to the browser's downloads (an object URL clicked through a temporary link). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the object URL after the click returns; revoking at once can cancel the save.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
