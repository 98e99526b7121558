export * from './round';
export * from './additional-fees';
export * from './profit';
export * from './qualifier';
export * from './progress';
export * from './figures';
export * from './solve';
export * from './scenarios';
