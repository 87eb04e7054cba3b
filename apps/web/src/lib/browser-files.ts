/**
 * Browser actions outside the page's DOM: saving a file and printing. One object each, so unit tests replace them
 * with spies (the test DOM can neither save nor print).
 */
export const fileSaver = {
  save(blob: Blob, filename: string): void {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
    // Give the browser time to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  },
};

export const browserPrint = {
  print(): void {
    window.print();
  },
};
