export * from './round';
export * from './additional-fees';
export * from './profit';
export * from './qualifier';
export * from './progress';
