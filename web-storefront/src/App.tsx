import { createBrowserRouter, RouterProvider } from 'react-router';
import { Layout } from './layout/Layout';
import { HomePage } from './home/HomePage';
import { NotFoundPage } from './notFound/NotFoundPage';

// Pages other than home load on demand, so the first visit downloads only what the home page needs.
const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'contact', lazy: async () => ({ Component: (await import('./contact/ContactPage')).ContactPage }) },
      { path: 'sell-car', lazy: async () => ({ Component: (await import('./sell-car/SellCarPage')).SellCarPage }) },
      { path: 'trade-in', lazy: async () => ({ Component: (await import('./trade-in/TradeInPage')).TradeInPage }) },
      {
        path: 'sell-car-status/:id',
        lazy: async () => {
          const { StatusPage } = await import('./submissions/StatusPage');
          return { Component: () => <StatusPage kind="sell-car" /> };
        },
      },
      {
        path: 'trade-in-status/:id',
        lazy: async () => {
          const { StatusPage } = await import('./submissions/StatusPage');
          return { Component: () => <StatusPage kind="trade-in" /> };
        },
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
