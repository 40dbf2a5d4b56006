/**
 * Answers a generated file (PDF, CSV, XLSX, XML) as a download named `name`, never cached: the
 * files hold personal and money data. Every file route sends through here.
 */
type Reply = { header(k: string, v: string): unknown; send(p: Buffer | string): unknown };

export function sendFile(reply: Reply, body: Buffer | string, type: string, name: string) {
  reply.header('content-type', type);
  reply.header('content-disposition', `attachment; filename="${name}"`);
  reply.header('cache-control', 'private, no-store');
  return reply.send(body);
}

export const sendPdf = (reply: Reply, pdf: Buffer, name: string) => sendFile(reply, pdf, 'application/pdf', name);
