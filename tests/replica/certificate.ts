import { generate } from 'selfsigned';

export interface Certificate {
  key: string;
  cert: string;
}

/**
 * A fresh self-signed certificate for chatgpt.com (and localhost, 127.0.0.1). Chromium accepts it with
 * --ignore-certificate-errors; Node clients pass rejectUnauthorized: false. EC keys make it instant.
 */
export async function makeCertificate(): Promise<Certificate> {
  const pems = await generate([{ name: 'commonName', value: 'chatgpt.com' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'chatgpt.com' },
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
