import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/accounts/components/RequireAuth';
import { paths } from '../lib/paths';
import { Shell } from './layouts/Shell';
import { NotFound } from './routes/NotFound';

/** Screens load on first visit: the first page downloads only the shell and its own screen. */
const Create = lazy(() => import('./routes/Create').then((m) => ({ default: m.Create })));
const Explore = lazy(() => import('./routes/Explore').then((m) => ({ default: m.Explore })));
const Favourites = lazy(() => import('./routes/Favourites').then((m) => ({ default: m.Favourites })));
const Login = lazy(() => import('./routes/Login').then((m) => ({ default: m.Login })));
const NovelReader = lazy(() => import('./routes/NovelReader').then((m) => ({ default: m.NovelReader })));
const Persona = lazy(() => import('./routes/Persona').then((m) => ({ default: m.Persona })));
const NewPersona = lazy(() => import('./routes/NewPersona').then((m) => ({ default: m.NewPersona })));
const Profile = lazy(() => import('./routes/Profile').then((m) => ({ default: m.Profile })));
const Sample = lazy(() => import('./routes/Sample').then((m) => ({ default: m.Sample })));
const Verify = lazy(() => import('./routes/Verify').then((m) => ({ default: m.Verify })));
const WorkReader = lazy(() => import('./routes/WorkReader').then((m) => ({ default: m.WorkReader })));
const Works = lazy(() => import('./routes/Works').then((m) => ({ default: m.Works })));
const ChangePassword = lazy(() => import('./routes/ChangePassword').then((m) => ({ default: m.ChangePassword })));
const ForgotPassword = lazy(() => import('./routes/ForgotPassword').then((m) => ({ default: m.ForgotPassword })));
const Read = lazy(() => import('./routes/Read').then((m) => ({ default: m.Read })));
const PostPage = lazy(() => import('./routes/PostPage').then((m) => ({ default: m.PostPage })));
const NewPost = lazy(() => import('./routes/NewPost').then((m) => ({ default: m.NewPost })));
const MyPosts = lazy(() => import('./routes/MyPosts').then((m) => ({ default: m.MyPosts })));
const MyPost = lazy(() => import('./routes/MyPost').then((m) => ({ default: m.MyPost })));
const Recharge = lazy(() => import('./routes/Recharge').then((m) => ({ default: m.Recharge })));
const Payout = lazy(() => import('./routes/Payout').then((m) => ({ default: m.Payout })));
const RechargeDone = lazy(() => import('./routes/RechargeDone').then((m) => ({ default: m.RechargeDone })));
const Redeem = lazy(() => import('./routes/Redeem').then((m) => ({ default: m.Redeem })));
const Invitation = lazy(() => import('./routes/Invitation').then((m) => ({ default: m.Invitation })));
const Transactions = lazy(() => import('./routes/Transactions').then((m) => ({ default: m.Transactions })));
const ChangeLanguage = lazy(() => import('./routes/ChangeLanguage').then((m) => ({ default: m.ChangeLanguage })));
const UserAgreement = lazy(() => import('./routes/UserAgreement').then((m) => ({ default: m.UserAgreement })));
const AboutUs = lazy(() => import('./routes/AboutUs').then((m) => ({ default: m.AboutUs })));
const Admin = lazy(() => import('./routes/Admin').then((m) => ({ default: m.Admin })));


/** Every route of SPEC.md section 2. Screens become real as their issues land. */
export const routes: RouteObject[] = [
  {
    element: <Shell tabs />,
    children: [
      { path: paths.home, element: <Create /> },
      { path: paths.create, element: <Create /> },
      { path: '/article/create/:articleId', element: <Create /> },
      { path: paths.explore, element: <Explore /> },
      { path: paths.read, element: <Read /> },
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
      { path: paths.forgotPassword, element: <ForgotPassword /> },
      {
        path: paths.changePassword,
        element: (
          <RequireAuth>
            <ChangePassword />
          </RequireAuth>
        ),
      },
      { path: '/explore/persona/:personaId', element: <Persona /> },
      {
        path: paths.newPersona,
        element: (
          <RequireAuth>
            <NewPersona />
          </RequireAuth>
        ),
      },
      { path: '/explore/post/:postId', element: <PostPage /> },
      { path: '/article/detail/:articleId', element: <NovelReader /> },
      {
        path: paths.works,
        element: (
          <RequireAuth>
            <Works />
          </RequireAuth>
        ),
      },
      {
        path: paths.myPosts,
        element: (
          <RequireAuth>
            <MyPosts />
          </RequireAuth>
        ),
      },
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
      {
        path: '/myposts/detail/:postId',
        element: (
          <RequireAuth>
            <MyPost />
          </RequireAuth>
        ),
      },
      {
        path: paths.newPost,
        element: (
          <RequireAuth>
            <NewPost />
          </RequireAuth>
        ),
      },
      {
        path: '/newpost/bind/:articleId',
        element: (
          <RequireAuth>
            <NewPost />
          </RequireAuth>
        ),
      },
      { path: paths.changeLanguage, element: <ChangeLanguage /> },
      { path: paths.agreement, element: <UserAgreement /> },
      { path: paths.about, element: <AboutUs /> },
      {
        path: paths.redeem,
        element: (
          <RequireAuth>
            <Redeem />
          </RequireAuth>
        ),
      },
      {
        path: paths.invitation,
        element: (
          <RequireAuth>
            <Invitation />
          </RequireAuth>
        ),
      },
      {
        path: paths.recharge,
        element: (
          <RequireAuth>
            <Recharge />
          </RequireAuth>
        ),
      },
      {
        path: paths.rechargeComplete,
        element: (
          <RequireAuth>
            <RechargeDone />
          </RequireAuth>
        ),
      },
      {
        path: '/payout/:product',
        element: (
          <RequireAuth>
            <Payout />
          </RequireAuth>
        ),
      },
      {
        path: paths.transactions,
        element: (
          <RequireAuth>
            <Transactions />
          </RequireAuth>
        ),
      },
      { path: '/p/:slug', element: <Sample /> },
      { path: paths.admin, element: <Admin /> },
      { path: '/create', element: <Navigate to={paths.create} replace /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
