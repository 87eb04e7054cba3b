import PDFDocument from 'pdfkit';

/**
 * The media a voice platform records (issue 19 item 3): voicemail audio as WAV and received faxes as PDF. The demo's
 * are made here, deterministically (the same message, the same bytes): short tone sequences, a real audio file any
 * browser plays, and a one-page fax with a sender's letterhead, drawn with the statement's PDF library.
 */

/** 8 kHz, 8-bit mono PCM: telephone quality, about 8 KB a second. */
const SAMPLE_RATE = 8_000;

/** A WAV file of `seconds` of tones: the notes (Hz) in turn, a short gap and a fade on each, at a moderate level. */
export function toneWav(seconds: number, notes: readonly number[]): Buffer {
  const samples = Math.round(seconds * SAMPLE_RATE);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // PCM chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE, 28); // byte rate: 1 byte a sample
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits a sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples, 40);
  const data = Buffer.alloc(samples);
  const noteLength = Math.max(1, Math.floor(SAMPLE_RATE * 0.4));
  const fade = Math.floor(SAMPLE_RATE * 0.03);
  for (let i = 0; i < samples; i++) {
    const inNote = i % noteLength;
    const gap = inNote > noteLength - SAMPLE_RATE * 0.08;
    const frequency = notes[Math.floor(i / noteLength) % notes.length] ?? 440;
    const envelope = gap ? 0 : Math.min(1, inNote / fade, (noteLength - SAMPLE_RATE * 0.08 - inNote) / fade);
    const value = Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE) * 0.45 * envelope;
    data[i] = Math.max(0, Math.min(255, Math.round(128 + value * 127)));
  }
  return Buffer.concat([header, data]);
}

export type FaxContent = { from: string; fromNumber: string; to: string; receivedAt: Date; lines: readonly string[] };

/** A received fax as a one-page PDF (US Letter), with the fax header line a machine prints at the top. */
export function faxPdf(fax: FaxContent): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margins: { top: 40, bottom: 40, left: 60, right: 60 },
      compress: true,
      info: {
        Title: `Fax from ${fax.from}`,
        Author: fax.from,
        Creator: 'Voice platform',
        Producer: 'Voice platform',
        CreationDate: fax.receivedAt,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const stamp = fax.receivedAt.toISOString().slice(0, 16).replace('T', ' ');
    doc.font('Courier').fontSize(8).text(`${stamp} UTC  FROM: ${fax.fromNumber}  TO: ${fax.to}  P. 1/1`, 60, 24);
    doc.font('Helvetica-Bold').fontSize(20).text(fax.from, 60, 70);
    doc.moveTo(60, 98).lineTo(552, 98).lineWidth(1).stroke();
    doc.font('Helvetica').fontSize(11);
    let y = 120;
    for (const line of fax.lines) {
      doc.text(line, 60, y, { width: 492 });
      y += line === '' ? 10 : 18;
    }
    doc.end();
  });
}
