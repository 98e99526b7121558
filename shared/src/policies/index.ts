export * from './principal';
export * from './routes';
export * from './sidebar';
export * from './actions';
