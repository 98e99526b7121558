import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { buttonClasses } from '../../components/Button';
import { cn } from '../../lib/cn';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /** A toggle (menuitemcheckbox) and whether it is on. */
  checked?: boolean;
  /** Draw a separator above this item. */
  separated?: boolean;
  hint?: string;
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown opens it on the first item,
 * arrows move, Home/End jump, Escape closes and returns focus, Tab or a click outside closes it.
 */
export function OptionsMenu({ label, items }: { label: string; items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const enabled = items.map((item, i) => (item.disabled ? -1 : i)).filter((i) => i >= 0);

  const focusItem = (index: number | undefined) => {
    if (index !== undefined) itemRefs.current[index]?.focus();
  };

  useEffect(() => {
    if (!open) return;
    focusItem(enabled[0]);
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
    // Focus the first item only when the menu opens (not when items change while it is open).
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const current = itemRefs.current.findIndex((el) => el === document.activeElement);
    const at = enabled.indexOf(current);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      focusItem(enabled[(at + step + enabled.length) % enabled.length]);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      focusItem(e.key === 'Home' ? enabled[0] : enabled[enabled.length - 1]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={buttonClasses('secondary')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label}
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
        </svg>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute left-0 z-40 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-lg border border-gray-200 bg-white py-1 shadow-lg sm:right-0 sm:left-auto"
        >
          {items.map((item, i) => (
            <div key={item.label}>
              {item.separated && <div role="separator" className="my-1 border-t border-gray-100" />}
              <button
                ref={(el) => {
                  itemRefs.current[i] = el;
                }}
                type="button"
                role={item.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
                aria-checked={item.checked}
                aria-disabled={item.disabled || undefined}
                tabIndex={-1}
                className={cn(
                  'flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm',
                  item.disabled
                    ? 'cursor-not-allowed text-gray-400'
                    : 'text-gray-800 hover:bg-gray-50 focus:bg-gray-100',
                  'focus:outline-none',
                )}
                onClick={() => {
                  if (item.disabled) return;
                  close(false);
                  item.onSelect();
                }}
              >
                <span>{item.label}</span>
                {item.checked && (
                  <span aria-hidden="true" className="text-brand-600">
                    ✓
                  </span>
                )}
                {item.hint && !item.checked && <span className="text-xs text-gray-600">{item.hint}</span>}
              </button>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
