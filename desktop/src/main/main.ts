/**
 * The Electron main process: one hardened window showing the renderer from app://portal, the IPC
 * handlers of the preload bridge, the application menu and a single-instance lock. The pieces
 * live in small modules that take their Electron objects as parameters (and are unit-tested).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, protocol, session, shell } from 'electron';
import { APP_ORIGIN, APP_SCHEME } from '../shared-ipc/contract';
import { loadDesktopConfig } from './config';
import { pickFile, saveFile, type FileDeps } from './files';
import { registerIpcHandlers } from './ipc';
import { pdfPageOf, savePdf } from './pdf';
import { showNativeNotification } from './notifications';
import { menuTemplate } from './menu';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './protocol';
import { guardWebContents, installPermissionHandlers, mainWindowOptions } from './security';
import { SettingsHosts, settingsFetcher } from './settings-hosts';

// Must run before the app is ready.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

const config = loadDesktopConfig(process.env, app.isPackaged);
const webDir = path.join(__dirname, '..', 'web');
const preloadPath = path.join(__dirname, '..', 'preload', 'preload.cjs');
const warn = (what: string, url: string) => console.warn(`[portal] blocked ${what}${url ? `: ${url}` : ''}`);

let mainWindow: BrowserWindow | null = null;
// The links of the portal settings join the external-host allowlist (read from the API by main).
let settingsHosts: SettingsHosts | null = null;
const openExternal = (url: unknown): Promise<boolean> =>
  settingsHosts ? settingsHosts.openExternal(shell, url) : Promise.resolve(false);

function createMainWindow(): BrowserWindow {
  const win = new BrowserWindow(mainWindowOptions(preloadPath, config.production));
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => {
    mainWindow = null;
  });
  void win.loadURL(`${APP_ORIGIN}/`);
  return win;
}

function focusMainWindow(): void {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

function fileDeps(): FileDeps {
  const parent = () => BrowserWindow.getFocusedWindow() ?? mainWindow;
  return {
    dialogs: {
      showOpenDialog: (options) => {
        const win = parent();
        return win ? dialog.showOpenDialog(win, options) : dialog.showOpenDialog(options);
      },
      showSaveDialog: (options) => {
        const win = parent();
        return win ? dialog.showSaveDialog(win, options) : dialog.showSaveDialog(options);
      },
    },
    fs: {
      stat: (file) => fs.stat(file),
      readFile: (file) => fs.readFile(file),
      writeFile: (file, data) => fs.writeFile(file, data),
    },
    downloadsDir: app.getPath('downloads'),
  };
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', focusMainWindow);

  app.on('web-contents-created', (_event, contents) => {
    guardWebContents(contents, {
      shell,
      externalHosts: config.externalHosts,
      frameOrigins: config.frameOrigins,
      onBlocked: warn,
      openExternal,
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  void app.whenReady().then(() => {
    const ses = session.defaultSession;
    settingsHosts = new SettingsHosts({
      baseHosts: config.externalHosts,
      frameOrigins: config.frameOrigins,
      fetchSettings: settingsFetcher(config.apiOrigin, (url, init) => ses.fetch(url, init)),
    });
    installPermissionHandlers(ses, config.frameOrigins);
    protocol.handle(
      APP_SCHEME,
      createAppProtocolHandler({
        webDir,
        apiOrigin: config.apiOrigin,
        frameOrigins: config.frameOrigins,
        fetch: (url, init) => ses.fetch(url, init),
      }),
    );
    registerIpcHandlers(
      ipcMain,
      {
        pickFile: (options) => pickFile(fileDeps(), options),
        saveFile: (request) => saveFile(fileDeps(), request),
        savePdf: (request, event) => savePdf({ ...fileDeps(), page: pdfPageOf(event.sender) }, request),
        openExternal: (url) => openExternal(url),
        showNotification: (request) =>
          showNativeNotification(
            {
              isSupported: () => Notification.isSupported(),
              create: (options) => new Notification(options),
              focusWindow: focusMainWindow,
            },
            request,
          ),
      },
      warn,
    );
    Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(process.platform, config.production)));
    mainWindow = createMainWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) mainWindow = createMainWindow();
    });
  });
}
