/** The site every request of the interface document goes to (paths in it are relative to this). */
export const CHAT_ORIGIN = 'https://chatgpt.com';
