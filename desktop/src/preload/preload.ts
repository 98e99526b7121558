/** Preload (sandboxed): exposes window.portal and nothing else. */
import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from './bridge';

contextBridge.exposeInMainWorld('portal', createBridge(ipcRenderer));
