import { BrowserRouter } from 'react-router-dom';
import { Admin, Resource } from 'react-admin';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { LoginPage } from './LoginPage';
import contactMessages from './contact-messages';

/** The staff console, served by the API at /admin (same origin, session cookie). */
export function App() {
  return (
    <BrowserRouter basename="/admin">
      <Admin
        title="AutoBest Africa — Staff Console"
        dataProvider={dataProvider}
        authProvider={authProvider}
        loginPage={LoginPage}
        disableTelemetry
      >
        <Resource name="contact-messages" options={{ label: 'Contact messages' }} {...contactMessages} />
      </Admin>
    </BrowserRouter>
  );
}
