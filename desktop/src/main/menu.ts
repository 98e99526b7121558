/** The application menu: the standard app (macOS), file, edit, view and window menus. */
import type { MenuItemConstructorOptions } from 'electron';

export function menuTemplate(platform: NodeJS.Platform, production: boolean): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin';
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    { role: 'forceReload' },
    ...(production ? [] : [{ role: 'toggleDevTools' } as const]),
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  return [
    ...(isMac ? [{ role: 'appMenu' } as const] : []),
    { label: 'File', submenu: [isMac ? { role: 'close' } : { role: 'quit' }] },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
  ];
}
