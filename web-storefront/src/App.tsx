import { createBrowserRouter, RouterProvider } from 'react-router';
import { Layout } from './layout/Layout';
import { HomePage } from './home/HomePage';
import { NotFoundPage } from './notFound/NotFoundPage';
import { CurrencyProvider } from './currency/CurrencyContext';

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
      { path: 'inventory', lazy: async () => ({ Component: (await import('./inventory/InventoryPage')).InventoryPage }) },
      { path: 'buy-cars', lazy: async () => ({ Component: (await import('./inventory/InventoryPage')).InventoryPage }) },
      { path: 'electric-cars', lazy: async () => ({ Component: (await import('./inventory/ElectricCarsPage')).ElectricCarsPage }) },
      { path: 'all-inventory', lazy: async () => ({ Component: (await import('./inventory/AllInventoryPage')).AllInventoryPage }) },
      { path: 'vehicle/:id', lazy: async () => ({ Component: (await import('./inventory/VehiclePage')).VehiclePage }) },
      { path: 'vehicles/:id', lazy: async () => ({ Component: (await import('./inventory/VehiclePage')).VehiclePage }) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function App() {
  return (
    <CurrencyProvider>
      <RouterProvider router={router} />
    </CurrencyProvider>
  );
}
