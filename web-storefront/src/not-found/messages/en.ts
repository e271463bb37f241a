export default {
  title: 'Oops! Page not found',
  returnHome: 'Return to Home',
} as const;
