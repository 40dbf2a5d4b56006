import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { DropdownMenu } from '../../components/ui/dropdown-menu';
import { useMe } from '../../lib/me';
import { logout } from './shell-api';

/** Header dropdown with the user's first name: My Profile, Log Out. */
export function ProfileMenu() {
  const { t } = useTranslation('shell');
  const me = useMe();
  const name = me.data?.first_name || me.data?.email || '';
  return (
    <DropdownMenu
      className="profile-menu"
      label={name ? `${t('profile.menu')}:` : t('profile.menu')}
      trigger={
        <>
          <span className="avatar" aria-hidden="true">
            {name ? name.charAt(0).toUpperCase() : '·'}
          </span>
          <span className="profile-menu__name">{name}</span>
        </>
      }
    >
      {(close) => (
        <>
          <Link role="menuitem" className="dropdown__item" to="/profile" onClick={close}>
            {t('profile.myProfile')}
          </Link>
          <button
            type="button"
            role="menuitem"
            className="dropdown__item"
            onClick={() => {
              close();
              void logout();
            }}
          >
            {t('profile.logout')}
          </button>
        </>
      )}
    </DropdownMenu>
  );
}
