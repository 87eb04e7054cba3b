import { apiFileRequest } from '../../../lib/api-file';
import { fileSaver } from '../../../lib/browser-files';

/** Fetches a statement or export file and saves it under the server's name, else `fallbackName`. */
export async function downloadBillingFile(path: string, fallbackName: string): Promise<void> {
  const { blob, filename } = await apiFileRequest(path);
  fileSaver.save(blob, filename ?? fallbackName);
}
