export * from './principal';
export * from './routes';
export * from './sidebar';
export * from './actions';
export * from './products';
export * from './user-admin';
export * from './courses';
export * from './board';
