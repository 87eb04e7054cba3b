import { attachmentSizeRefusal, SUPPORT_ATTACHMENT_TYPES, type SupportAttachmentType } from '@vireo/shared';
import { fileTypeFromBuffer } from 'file-type';

/** Why a file is refused (the form's message ids end with these). */
export type AttachmentRefusal = 'empty' | 'tooBig' | 'notAllowed';

/**
 * Issue 21 item 4 (wider-portal.md §9): what a file is, by its content (file-type reads its signature), never by its
 * name or the type the browser claims: a program renamed `photo.png` is refused. Only PDF, PNG and JPEG pass.
 */
export async function checkAttachment(
  bytes: Uint8Array,
): Promise<{ mediaType: SupportAttachmentType } | { refused: AttachmentRefusal }> {
  const bySize = attachmentSizeRefusal(bytes.byteLength);
  if (bySize) return { refused: bySize };
  const found = await fileTypeFromBuffer(bytes);
  const mediaType = SUPPORT_ATTACHMENT_TYPES.find((type) => type === found?.mime);
  return mediaType ? { mediaType } : { refused: 'notAllowed' };
}
