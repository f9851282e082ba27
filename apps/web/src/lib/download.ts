import { CSV_CONTENT_TYPE } from "@utmost/contracts";
import { apiDownload } from "./api-client";

/**
 * Downloads an API file through the session (the cookie rides along with `fetch`) and hands it to
 * the browser as a file, named as the server's `Content-Disposition` says.
 */
export async function downloadFile(
  path: string,
  accept: string,
  fallbackFilename: string,
): Promise<void> {
  const { blob, filename } = await apiDownload(path, accept);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename ?? fallbackFilename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; the next tick is enough.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads an API CSV export. */
export function downloadCsv(path: string, fallbackFilename: string): Promise<void> {
  return downloadFile(path, CSV_CONTENT_TYPE, fallbackFilename);
}
