/** Portal settings: the public entry of the feature (routes, and the service the seed and other features use). */
export { settingsRoutes } from './routes';
export { saveSettings, settingValue } from './service';
