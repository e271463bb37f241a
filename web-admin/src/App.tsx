import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route } from 'react-router-dom';
import { AccessDenied, Admin, CanAccess, CustomRoutes, Resource } from 'react-admin';
import { Layout } from './Layout';
import { consoleTheme } from './theme';
import { InventoryManagement } from './inventory-management/InventoryManagement';
import { InventoryQa } from './inventory-qa/InventoryQa';
import { DataCollection } from './data-collection/DataCollection';
import { QaDashboard } from './qa-checks/QaDashboard';
import { ConsoleHome } from './home/ConsoleHome';

import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { LoginPage } from './LoginPage';
import contactMessages from './contact';
import enquiries from './enquiries';
import conversations from './assistant';
import emails from './emails';
import whatsappMessages from './whatsapp-messages';
import vehicles from './vehicles';
import reservationRequests from './reservation-requests';
import newsSources from './news-sources';
import taraAnswers from './tara-answers';
import articles from './articles';
import videos from './videos';
import { destinationCharges, freightRates, tariffVersions } from './landed-cost';
import { sellCarSubmissions, tradeInSubmissions } from './submissions';
import staff from './staff';
import activity from './activity';
import { MyAccountPage } from './staff/MyAccountPage';
import { SetPasswordPage } from './staff/SetPasswordPage';

/** A screen that is not a resource, opened only by someone whose role may (permissions.ts). */
const screen = (name: string, element: ReactNode) => (
  <CanAccess resource={name} action="list" accessDenied={<AccessDenied />}>
    {element}
  </CanAccess>
);

// Charts are heavy and only this screen needs them.
const AnalyticsDashboard = lazy(async () => ({ default: (await import('./analytics/AnalyticsDashboard')).AnalyticsDashboard }));

/** The staff console, served by the API at /admin (same origin, session cookie). */
export function App() {
  return (
    <BrowserRouter basename="/admin">
      <Admin
        title="AutoBest Africa — Staff Console"
        dataProvider={dataProvider}
        authProvider={authProvider}
        loginPage={LoginPage}
        layout={Layout}
        dashboard={ConsoleHome}
        theme={consoleTheme}
        disableTelemetry
      >
        <Resource name="sell-car-submissions" options={{ label: 'Sell car requests' }} {...sellCarSubmissions} />
        <Resource name="trade-in-submissions" options={{ label: 'Trade-in requests' }} {...tradeInSubmissions} />
        <Resource name="vehicles" options={{ label: 'Vehicles' }} {...vehicles} />
        <Resource name="tariff-versions" options={{ label: 'Tariffs' }} {...tariffVersions} />
        <Resource name="freight-rates" options={{ label: 'Freight' }} {...freightRates} />
        <Resource name="destination-charges" options={{ label: 'Destination charges' }} {...destinationCharges} />
        <Resource name="reservation-requests" options={{ label: 'Reservations' }} {...reservationRequests} />
        <Resource name="enquiries" options={{ label: 'Enquiries' }} {...enquiries} />
        <Resource name="conversations" options={{ label: 'Conversations' }} {...conversations} />
        <Resource name="tara-answers" options={{ label: "Tara's answers" }} {...taraAnswers} />
        <Resource name="contact-messages" options={{ label: 'Contact messages' }} {...contactMessages} />
        <Resource name="emails" options={{ label: 'Emails' }} {...emails} />
        <Resource name="whatsapp-messages" options={{ label: 'WhatsApp' }} {...whatsappMessages} />
        <Resource name="news-sources" options={{ label: 'News sources' }} {...newsSources} />
        <Resource name="articles" options={{ label: 'Articles' }} {...articles} />
        <Resource name="videos" options={{ label: 'Review videos' }} {...videos} />
        <Resource name="staff" options={{ label: 'Staff' }} {...staff} />
        <Resource name="activity" options={{ label: 'Activity' }} {...activity} />
        {/* Opened from an emailed link by someone not signed in yet. */}
        <CustomRoutes noLayout>
          <Route path="/set-password/:linkId" element={<SetPasswordPage />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/my-account" element={<MyAccountPage />} />
          <Route path="/inventory-management" element={screen('inventory-management', <InventoryManagement />)} />
          <Route path="/inventory-qa" element={screen('inventory-qa', <InventoryQa />)} />
          <Route path="/vehicle-data-collection" element={screen('vehicle-data-collection', <DataCollection />)} />
          <Route path="/qa-test" element={screen('qa-test', <QaDashboard />)} />
          <Route
            path="/analytics"
            element={screen(
              'analytics',
              <Suspense fallback={<p>Loading analytics...</p>}>
                <AnalyticsDashboard />
              </Suspense>,
            )}
          />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
