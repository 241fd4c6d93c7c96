from django.urls import path

from friends import api

urlpatterns = [
    path("", api.ListView.as_view(), name="api-friends"),
    path("invitations/<id:invitation_id>/", api.DismissView.as_view(), name="api-friends-invitation"),
    path("<str:username>/", api.FriendView.as_view(), name="api-friend"),
    path("<str:username>/accept/", api.AcceptView.as_view(), name="api-friend-accept"),
    path("<str:username>/decline/", api.DeclineView.as_view(), name="api-friend-decline"),
    path("<str:username>/block/", api.BlockView.as_view(), name="api-friend-block"),
    path("<str:username>/invite/", api.InviteView.as_view(), name="api-friend-invite"),
]
