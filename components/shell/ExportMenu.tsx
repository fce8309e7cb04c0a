import { type JSX, type KeyboardEvent, useEffect, useRef } from 'react';

export interface ExportMenuItem {
  label: string;
  run(): void;
}

/**
 * The export menu (WAI-ARIA menu button pattern): opens with focus on its first item; arrows move,
 * Home/End jump, Enter or Space choose, Escape closes and gives focus back to the button, Tab or a
 * click elsewhere closes it.
 */
export function ExportMenu({
  items,
  onClose,
}: {
  items: ExportMenuItem[];
  onClose(returnFocus: boolean): void;
}): JSX.Element {
  const menu = useRef<HTMLDivElement>(null);
  const entries = (): HTMLElement[] => [
    ...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
  ];

  // Opened: focus goes to the first item.
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);
  useEffect(() => {
    const onPointer = (event: PointerEvent): void => {
      if (!(event.target instanceof Node) || !menu.current?.parentElement?.contains(event.target))
        onClose(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const all = entries();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const focusAt = (position: number): void => all[(position + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        focusAt(index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(all.length - 1);
        break;
      case 'Escape':
        onClose(true);
        break;
      case 'Tab':
        onClose(false);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div className="menu" role="menu" id="export-menu" aria-label="Export" ref={menu} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="menu__item"
          onClick={() => {
            onClose(true);
            item.run();
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
