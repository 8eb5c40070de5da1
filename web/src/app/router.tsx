import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/accounts/components/RequireAuth';
import { paths } from '../lib/paths';
import { Shell } from './layouts/Shell';
import { ChangeLanguage } from './routes/ChangeLanguage';
import { Create } from './routes/Create';
import { Explore } from './routes/Explore';
import { Favourites } from './routes/Favourites';
import { Login } from './routes/Login';
import { NovelReader } from './routes/NovelReader';
import { NotFound } from './routes/NotFound';
import { Persona } from './routes/Persona';
import { Placeholder } from './routes/Placeholder';
import { Profile } from './routes/Profile';
import { Sample } from './routes/Sample';
import { Verify } from './routes/Verify';
import { WorkReader } from './routes/WorkReader';
import { Works } from './routes/Works';

const screen = (titleKey: string, tab = false) => <Placeholder titleKey={titleKey} tab={tab} />;

/** Every route of SPEC.md section 2. Screens become real as their issues land. */
export const routes: RouteObject[] = [
  {
    element: <Shell tabs />,
    children: [
      { path: paths.home, element: <Create /> },
      { path: paths.create, element: <Create /> },
      { path: '/article/create/:articleId', element: <Create /> },
      { path: paths.explore, element: <Explore /> },
      {
        path: paths.user,
        element: (
          <RequireAuth>
            <Profile />
          </RequireAuth>
        ),
      },
    ],
  },
  {
    element: <Shell tabs={false} />,
    children: [
      { path: paths.login, element: <Login /> },
      { path: paths.verify, element: <Verify /> },
      { path: '/explore/persona/:personaId', element: <Persona /> },
      { path: '/explore/post/:postId', element: screen('screens.post') },
      { path: '/article/detail/:articleId', element: <NovelReader /> },
      {
        path: paths.works,
        element: (
          <RequireAuth>
            <Works />
          </RequireAuth>
        ),
      },
      { path: paths.myPosts, element: screen('screens.myPosts') },
      {
        path: paths.favourites,
        element: (
          <RequireAuth>
            <Favourites />
          </RequireAuth>
        ),
      },
      {
        path: '/myworks/detail/:articleId',
        element: (
          <RequireAuth>
            <WorkReader />
          </RequireAuth>
        ),
      },
      { path: '/myposts/detail/:postId', element: screen('screens.myPost') },
      { path: paths.newPost, element: screen('screens.newPost') },
      { path: '/newpost/bind/:articleId', element: screen('screens.newPost') },
      { path: paths.changeLanguage, element: <ChangeLanguage /> },
      { path: paths.agreement, element: screen('screens.agreement') },
      { path: paths.about, element: screen('screens.about') },
      { path: paths.redeem, element: screen('screens.redeem') },
      { path: paths.invitation, element: screen('screens.invitation') },
      { path: paths.recharge, element: screen('screens.recharge') },
      { path: paths.rechargeComplete, element: screen('screens.rechargeComplete') },
      { path: '/payout/:product', element: screen('screens.payout') },
      { path: '/p/:slug', element: <Sample /> },
      { path: '/create', element: <Navigate to={paths.create} replace /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
