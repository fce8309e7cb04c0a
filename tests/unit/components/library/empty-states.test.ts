import { describe, expect, it } from 'vitest';
import { LibraryEmpty } from '@/components/library/LibraryEmpty';
import { LibraryOff } from '@/components/library/LibraryOff';
import { LibraryStatusBanner } from '@/components/library/LibraryStatusBanner';
import { renderView, visibleText } from '@/tests/unit/components/views/lens-snapshots';

describe('the library off', () => {
  it('says what turning it on keeps and where, and offers to turn it on', () => {
    const html = renderView(LibraryOff, { kept: 0, onTurnOn: () => undefined });
    const text = visibleText(html);
    expect(text).toContain('The library is off');
    expect(text).toContain('IndexedDB');
    expect(text).toContain('nothing leaves the browser');
    expect(text).toContain('only while “Keep answer text” is on');
    expect(text).toContain('Erasable at once');
    expect(text).toContain('Deleted automatically after a number of days');
    expect(html).toMatch(
      /<button type="button" class="button button--primary">Turn on the library<\/button>/,
    );
  });

  it('is a banner above what was kept before, which stays readable', () => {
    const text = visibleText(renderView(LibraryOff, { kept: 4, onTurnOn: () => undefined }));
    expect(text).toContain('nothing new is kept');
    expect(text).toContain('stay here until you delete them');
    expect(text).toContain('Turn on the library');
    expect(text).not.toContain('IndexedDB');
  });
});

describe('the library on and empty', () => {
  it('says how it fills, with a link to the chat site in a new tab', () => {
    const html = renderView(LibraryEmpty, {});
    expect(visibleText(html)).toContain('open a conversation on chatgpt.com with Chat Lens installed');
    expect(html).toContain('href="https://chatgpt.com/" target="_blank" rel="noreferrer noopener"');
  });
});

describe('a failed library write', () => {
  it('shows nothing while all is well', () => {
    expect(renderView(LibraryStatusBanner, { status: { state: 'ok', message: null, at: 5 } })).toBe('');
  });

  it('says what happened and that what is kept stays readable, as an alert', () => {
    const quota = renderView(LibraryStatusBanner, {
      status: {
        state: 'quota',
        message: 'The browser has no room left for the library: nothing new was kept.',
        at: 5,
      },
    });
    expect(quota).toContain('role="alert"');
    expect(visibleText(quota)).toContain(
      'The browser has no room left for the library: nothing new was kept. What is already kept stays readable here.',
    );
    expect(visibleText(quota)).toContain('makes room');
    const failed = visibleText(
      renderView(LibraryStatusBanner, { status: { state: 'failed', message: null, at: 5 } }),
    );
    expect(failed).toContain(
      'The library could not keep the last conversation. What is already kept stays readable here.',
    );
  });
});
