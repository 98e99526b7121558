/** '1 lesson', '2 lessons'. */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
