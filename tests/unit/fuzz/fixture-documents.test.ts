import { describe, expect, it } from 'vitest';
import {
  ADS_DOCUMENTS,
  ANSWER_BODIES,
  HAR_DOCUMENT,
  PRODUCT_BODIES,
  SECRET_CANARIES,
  SOCKET_FRAMES,
} from './fixture-documents';

describe('the fuzz fixtures', () => {
  it('carry every planted secret the properties look for, so the secret checks can fail', () => {
    const carried = (text: string) => SECRET_CANARIES.filter((canary) => text.includes(canary));
    const [accessToken, resumeToken, productToken, adTracking] = SECRET_CANARIES;
    expect(carried(JSON.stringify(Object.values(ADS_DOCUMENTS)))).toEqual([adTracking]);
    for (const bodies of Object.values(PRODUCT_BODIES))
      expect(carried(bodies.join(''))).toEqual([productToken]);
    expect(carried(ANSWER_BODIES.join(''))).toEqual([resumeToken]);
    expect(carried(SOCKET_FRAMES.join(''))).toEqual([resumeToken]);
    expect(carried(JSON.stringify(HAR_DOCUMENT))).toEqual([
      accessToken,
      resumeToken,
      productToken,
      adTracking,
    ]);
  });
});
